-- An operator may take a game out of the catalogue (issue 21 item 8; the back office of issue 22
-- calls Catalogue.setGameEnabled). A disabled game is in no list, search or launch; rounds already
-- played keep their rows. The start-up sync of the catalogue leaves the flag as the operator set it.
ALTER TABLE games ADD COLUMN enabled boolean NOT NULL DEFAULT true;
