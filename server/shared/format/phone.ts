// Phone numbers, stored one way and shown one way (issue 14: they were stored as typed, "(555) 123-4567"
// from a form and "5551234567" from the chat). Stored in E.164 when the number says enough for it: a
// leading "+" (or the international "00"), or a 10-digit North American number (LeadBroom's businesses
// and plans are in the US; "1" + 10 digits too). Anything else keeps its digits only (a 7-digit local
// number cannot be placed). Shown as "(555) 123-4567" for North American numbers, E.164 otherwise. Pure.

/** 7–15 digits with an optional leading "+" / "00": the normalised number, or null when it is not one. */
export function normalizePhone(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const text = raw.normalize("NFKC").trim();
  if (!/^[+\d\s().\-/]+$/.test(text.replace(/(ext\.?|x)\s*\d+$/i, ""))) return null;
  let digits = text.replace(/(ext\.?|x)\s*\d+$/i, "").replace(/\D/g, "");
  let international = text.startsWith("+");
  if (!international && digits.startsWith("00") && digits.length > 9) {
    digits = digits.slice(2);
    international = true;
  }
  if (digits.length < 7 || digits.length > 15) return null;
  if (international) return `+${digits}`;
  if (digits.length === 10 && /^[2-9]/.test(digits)) return `+1${digits}`;
  if (digits.length === 11 && /^1[2-9]/.test(digits)) return `+${digits}`;
  return digits;
}

/** "+15551234567" → "(555) 123-4567"; other stored numbers as they are. */
export function formatPhone(stored: string | null | undefined): string | null {
  if (!stored) return null;
  const nanp = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(stored);
  if (nanp) return `(${nanp[1]}) ${nanp[2]}-${nanp[3]}`;
  return stored;
}
