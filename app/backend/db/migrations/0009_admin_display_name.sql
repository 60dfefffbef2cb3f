-- The first super admin was created as "Super Admin" and greeted as "Super": give it a name that reads as one.
UPDATE "users" SET "first_name" = 'Admin', "last_name" = 'User' WHERE "role" = 'super_admin' AND "first_name" = 'Super' AND "last_name" = 'Admin';
