// One lookup per HTTP request, however many loaders ask (decision 0008): Remix runs the root, layout
// and route loaders of a page in parallel and each guard reads the session and the workspace. The memo
// lives in the request's load context (created per request in app.server.ts), never across requests.
export type RequestMemo = {
  /** The value for `key`, loading it on first use; a failure is remembered for the request too. */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
};

export function createRequestMemo(): RequestMemo {
  const values = new Map<string, Promise<unknown>>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      let value = values.get(key) as Promise<T> | undefined;
      if (!value) {
        value = load();
        values.set(key, value);
      }
      return value;
    },
  };
}
