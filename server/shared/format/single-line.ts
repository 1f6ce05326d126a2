// Text that must stay on one line: an e-mail subject, a header value, a value put into a subject
// (issue 27 item 11: a lead's company "Acme\r\nBcc: x@evil.test" reached an automation's subject).
// Every run of control characters (C0 incl. CR, LF and TAB, DEL, C1, and the Unicode line and paragraph
// separators) becomes one space. A body keeps its own newlines: only what is put into it goes through
// here. Pure.

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_RUN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** `text` with each run of control characters replaced by one space. */
export function singleLine(text: string): string {
  return text.replace(CONTROL_RUN, " ");
}
