// Imported first by every benchmark that runs the server: the server runs as `npm start` runs it, with
// NODE_ENV=production. React, Express and other libraries pick their development builds (prop-type
// checks, extra warnings, unminified React: about twice the SSR time of a workspace page) when it is
// unset, which the figures must not include. An explicit NODE_ENV is kept (e.g. to measure the
// development build on purpose).
process.env.NODE_ENV ??= "production";
