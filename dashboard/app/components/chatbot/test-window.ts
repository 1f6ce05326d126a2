/** Opens the Test Chatbot page in its own small window; without pop-ups the link's target="_blank" does it. */
export function openTestWindow(event: React.MouseEvent<HTMLAnchorElement>) {
  const opened = window.open("/test-chatbot", "leadbroom-test-chatbot", "popup,width=480,height=760");
  if (opened) event.preventDefault();
}
