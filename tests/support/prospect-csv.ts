// A prospect CSV of a given size for the upload tests, built in one pass. Joining the lines again after
// each new one (as the tests did) took 1.4 s for 300 KB on an idle machine and about 6 s on a loaded
// one, on the event loop the in-process test server shares: the keep-alive connection the next post
// reused sat idle past the server's timeout meanwhile and was reset under it (ECONNRESET).

const HEADER = "Full Name,Job Title,Company,City,Industry,Email,LinkedIn URL";

/** At least `bytes` long; `tag` keeps each call's addresses apart (a second import is not a duplicate). */
export function prospectCsv(bytes: number, options: { eol?: "\n" | "\r\n"; tag?: string } = {}): { text: string; rows: number } {
  const eol = options.eol ?? "\n";
  const tag = options.tag ? `.${options.tag}` : "";
  const lines = [HEADER];
  let length = HEADER.length;
  while (length < bytes) {
    const i = lines.length;
    const line = `Person ${i},Facility Manager,Company ${i} of the long industrial park,Austin,Healthcare,person${i}${tag}@prospect.example,https://www.linkedin.com/in/person-${i}`;
    lines.push(line);
    length += eol.length + line.length;
  }
  return { text: lines.join(eol), rows: lines.length - 1 };
}
