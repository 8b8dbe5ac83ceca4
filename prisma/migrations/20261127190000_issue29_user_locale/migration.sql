-- Issue 29: the interface language a user chose (en, es or zh), null until they choose one.
ALTER TABLE "User" ADD COLUMN "locale" TEXT;
ALTER TABLE "User" ADD CONSTRAINT "User_locale_check" CHECK ("locale" IN ('en', 'es', 'zh'));
