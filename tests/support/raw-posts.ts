// Raw HTTP posts for the body-limit suites: a body declared larger than what is sent (only a server that
// answers without reading the body answers at all), and a chunked body streamed until the server answers.
import http from "node:http";

/** Sends the headers and `sent` bytes of a body declared as `declared` bytes, then nothing more; resolves with the answer. */
export function declaredPost(
  baseUrl: string,
  path: string,
  declared: number,
  options: { headers?: Record<string, string>; sent?: number } = {},
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, baseUrl), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(declared), ...options.headers },
    });
    req.on("response", (res) => {
      res.resume();
      resolve(res);
      req.destroy();
    });
    req.on("error", reject);
    req.write(Buffer.alloc(options.sent ?? 1024, "a"));
  });
}

/** Streams a chunked body of up to `total` bytes until the server answers; resolves with its status and the bytes sent. */
export function chunkedPost(baseUrl: string, path: string, total: number, headers: Record<string, string> = {}): Promise<{ status: number; sent: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, baseUrl), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked", ...headers },
    });
    let sent = 0;
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      res.resume();
      resolve({ status: res.statusCode ?? 0, sent });
      req.destroy();
    });
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(16 * 1024, "a");
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}
