// A fetcher-shaped hook for a JSON resource route that no page links to (decision 0108): `load`,
// `submit`, a `<Form>`, `state` and `data`, as Remix's useFetcher, but through plain fetch(), outside the
// router. With lazy route discovery, a Remix fetcher to such a route first asks /__manifest for it; a
// revalidation while that request is in flight (a live page revalidates on every event) replaced the
// whole page with the root boundary's "404 Not Found" (remix-run/remix#10263; reproduced in
// tests/e2e/fetcher-discovery.test.ts). A request of the component's own has nothing to discover. A
// redirect (the session ended) is followed as a fetcher's would be, by leaving for it.
import { useCallback, useEffect, useRef, useState, type FormEvent, type FormHTMLAttributes, type ReactNode } from "react";
import { formBody } from "~/lib/form-body";
import { isJsonAnswer, isRedirectedAway, leaveFor } from "~/lib/leave-for-redirect";

export type ResourceFetcherState = "idle" | "loading" | "submitting";

/** What a failed request shows when the route gave no answer of its own (network down, server error page). */
export const RESOURCE_REQUEST_FAILED = "Something went wrong. Check your connection and try again.";

export type ResourceFetcher<T> = {
  state: ResourceFetcherState;
  /** The last answer (the route's JSON, whatever its status), or a failure of the `ok: false` shape. */
  data: T | undefined;
  /** The fields of the submission in flight, as Remix's `fetcher.formData`. */
  formData: FormData | undefined;
  load(url: string): void;
  submit(fields: FormData | Record<string, string>, options: { action: string }): void;
  Form(props: FormHTMLAttributes<HTMLFormElement> & { action: string; children?: ReactNode }): ReactNode;
};

type Failure = { ok: false; error: string };

/**
 * One request at a time, like a fetcher: a new load or submit aborts the one in flight. `T` is the
 * route's JSON answer; a request that fails without one resolves to `{ ok: false, error }`.
 */
export function useResourceFetcher<T extends object>(): ResourceFetcher<T | Failure> {
  const [state, setState] = useState<ResourceFetcherState>("idle");
  const [data, setData] = useState<T | Failure | undefined>(undefined);
  const [formData, setFormData] = useState<FormData | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  const run = useCallback((url: string, init: RequestInit, next: ResourceFetcherState, fields?: FormData) => {
    inFlight.current?.abort();
    const request = new AbortController();
    inFlight.current = request;
    setState(next);
    setFormData(fields);
    fetch(url, { ...init, headers: { Accept: "application/json" }, signal: request.signal })
      .then(async (res) => {
        if (isRedirectedAway(res)) return leaveFor(res.url);
        if (!isJsonAnswer(res)) throw new Error(`${url}: ${res.status}`);
        return (await res.json()) as T;
      })
      .then(
        (answer) => {
          if (!request.signal.aborted) setData(answer);
        },
        () => {
          if (!request.signal.aborted) setData({ ok: false, error: RESOURCE_REQUEST_FAILED });
        },
      )
      .finally(() => {
        if (inFlight.current === request) {
          inFlight.current = null;
          setState("idle");
          setFormData(undefined);
        }
      });
  }, []);

  const load = useCallback((url: string) => run(url, { method: "GET" }, "loading"), [run]);

  const submit = useCallback(
    (fields: FormData | Record<string, string>, options: { action: string }) => {
      const body = fields instanceof FormData ? fields : new FormData();
      if (!(fields instanceof FormData)) for (const [name, value] of Object.entries(fields)) body.append(name, value);
      run(options.action, { method: "POST", body: formBody(body) }, "submitting", body);
    },
    [run],
  );

  const submitRef = useRef(submit);
  submitRef.current = submit;
  // A stable component: a new one each render would remount the form (and lose what was typed).
  const Form = useRef(function ResourceForm({ action, children, onSubmit, ...rest }: FormHTMLAttributes<HTMLFormElement> & { action: string; children?: ReactNode }) {
    const handle = (event: FormEvent<HTMLFormElement>) => {
      onSubmit?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      const form = event.currentTarget;
      const fields = new FormData(form);
      // The button that sent it counts, as in a browser's own submission (name="intent" value="test").
      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
      if (submitter?.name) fields.append(submitter.name, submitter.value);
      submitRef.current(fields, { action });
    };
    return (
      <form {...rest} method="post" action={action} onSubmit={handle}>
        {children}
      </form>
    );
  }).current;

  return { state, data, formData, load, submit, Form };
}
