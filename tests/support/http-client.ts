// A tiny cookie-keeping HTTP client over fetch, for driving the server like a browser without JS:
// redirects are not followed automatically so each hop can be asserted.

export type HttpResponse = { status: number; location: string | null; text: string; setCookie: string[] };

export class HttpClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    /** Sent with every request (e.g. an Origin, or an X-Forwarded-For as a proxy would add). */
    readonly headers: Record<string, string> = {},
  ) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private remember(setCookie: string[]) {
    for (const line of setCookie) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(method: string, path: string, body?: Record<string, string>): Promise<HttpResponse> {
    const headers: Record<string, string> = { ...this.headers, Cookie: this.cookieHeader() };
    let payload: string | undefined;
    if (body) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      payload = new URLSearchParams(body).toString();
    }
    const res = await fetch(new URL(path, this.baseUrl), { method, headers, body: payload, redirect: "manual" });
    const setCookie = res.headers.getSetCookie();
    this.remember(setCookie);
    const location = res.headers.get("Location");
    return {
      status: res.status,
      location: location ? new URL(location, this.baseUrl).pathname + new URL(location, this.baseUrl).search : null,
      text: await res.text(),
      setCookie,
    };
  }

  get(path: string) {
    return this.request("GET", path);
  }

  post(path: string, body: Record<string, string>) {
    return this.request("POST", path, body);
  }
}
