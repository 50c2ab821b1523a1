-- Training rates (issue 32): kept as seeded (DOMAIN.md: 550 / 450 / 350 per person-day, the days
-- beyond the 15th at 70 %, beyond the 30th at 60 %). A first draft of this migration moved them to
-- the figures 财行〔2016〕540号 publishes (760 / 650 / 550); the product keeps DOMAIN.md's, and a site
-- that follows 540号 sets its rates and its day tiers (setting expense.trainingDayTiers) itself —
-- docs/decisions.md "Travel and training by the central rules". Nothing to move.
select 1;
