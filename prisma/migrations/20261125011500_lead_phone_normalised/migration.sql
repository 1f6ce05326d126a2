-- Lead phone numbers stored one way (server/format/phone.ts, issue 14): E.164 for international numbers
-- and 10-digit North American ones, digits only otherwise. Numbers that are not 7-15 digits stay as typed.
UPDATE "Lead" SET "phone" = CASE
    WHEN btrim("phone") LIKE '+%' THEN '+' || d
    WHEN d ~ '^00' AND length(d) > 9 THEN '+' || substr(d, 3)
    WHEN d ~ '^[2-9][0-9]{9}$' THEN '+1' || d
    WHEN d ~ '^1[2-9][0-9]{9}$' THEN '+' || d
    ELSE d
  END
  FROM (SELECT "id" AS lead_id, regexp_replace("phone", '[^0-9]', '', 'g') AS d FROM "Lead" WHERE "phone" IS NOT NULL) digits
 WHERE "Lead"."id" = digits.lead_id
   AND length(digits.d) BETWEEN 7 AND 15
   AND btrim("Lead"."phone") ~ '^[+0-9 ().\-/]+$';
