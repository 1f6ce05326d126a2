// A NUL in the address (`%00` in the path or the query, e.g. a lead id or a widget's site key) reached
// PostgreSQL, which refuses it (SQLSTATE 22021) as a 500 (issue 27 item 10). No address of the app has
// one: such a request is answered 400 before any route runs, JSON for the REST API.
import type { RequestHandler } from "express";
import { NUL_MESSAGE } from "../shared/forms/storable-text.ts";

export const NUL_ADDRESS_MESSAGE = "The address contains a NUL character.";

export const nulAddressGuard: RequestHandler = (req, res, next) => {
  if (!/%00/.test(req.originalUrl) && !req.originalUrl.includes("\u0000")) return next();
  if (req.path.startsWith("/api/v1/")) {
    res.status(400).json({ error: { code: "validation_failed", message: `${NUL_ADDRESS_MESSAGE} ${NUL_MESSAGE}` } });
    return;
  }
  res.status(400).type("text/plain").send(NUL_ADDRESS_MESSAGE);
};
