-- The search catalogue's change feed (docs/decisions/0025-search-catalogue.md): every write to what the
-- search shows leaves a row in catalogue_changes, whoever makes it, so each app process can bring its
-- in-memory catalogue up to date by reading only what changed.
CREATE FUNCTION catalogue_note_officer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO catalogue_changes (officer_id) VALUES (OLD.id);
    RETURN OLD;
  END IF;
  INSERT INTO catalogue_changes (officer_id) VALUES (NEW.id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER officers_catalogue_changes AFTER INSERT OR UPDATE OR DELETE ON officers
  FOR EACH ROW EXECUTE FUNCTION catalogue_note_officer();
--> statement-breakpoint
CREATE FUNCTION catalogue_note_regiment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO catalogue_changes (regiment_id) VALUES (OLD.id);
    RETURN OLD;
  END IF;
  INSERT INTO catalogue_changes (regiment_id) VALUES (NEW.id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER regiments_catalogue_changes AFTER INSERT OR UPDATE OR DELETE ON regiments
  FOR EACH ROW EXECUTE FUNCTION catalogue_note_regiment();
--> statement-breakpoint
-- An officer shows the username and Steam id of its (oldest) linked account: a change to a link, a
-- username or a Steam id changes the officers on both sides of it. Other user writes (logins,
-- verification, bans) leave the catalogue alone.
CREATE FUNCTION catalogue_note_linked_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.officer_id IS NOT NULL THEN
    INSERT INTO catalogue_changes (officer_id) VALUES (OLD.officer_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.officer_id IS NOT NULL AND NEW.officer_id IS DISTINCT FROM OLD.officer_id THEN
    INSERT INTO catalogue_changes (officer_id) VALUES (NEW.officer_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_catalogue_changes_insert_delete AFTER INSERT OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION catalogue_note_linked_user();
--> statement-breakpoint
CREATE TRIGGER users_catalogue_changes_update AFTER UPDATE OF username, steam_id, officer_id ON users
  FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.steam_id IS DISTINCT FROM NEW.steam_id OR OLD.officer_id IS DISTINCT FROM NEW.officer_id)
  EXECUTE FUNCTION catalogue_note_linked_user();
