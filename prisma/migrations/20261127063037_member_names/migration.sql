-- AlterTable
ALTER TABLE "User" ADD COLUMN     "initials" TEXT;


-- Registration used to store the business name as the person's name (issue 32): those members have no
-- name yet. Cleared, they see a prompt to add one; until then visitors read "A team member from …".
UPDATE "User" u SET "displayName" = ''
 WHERE EXISTS (
   SELECT 1 FROM "Membership" m JOIN "Business" b ON b."id" = m."businessId"
    WHERE m."userId" = u."id" AND b."name" = u."displayName"
 );
