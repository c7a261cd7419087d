-- How common each trigram of the searched texts is, and each category (ADR 023). ANALYZE (and
-- autovacuum's) samples the expressions and keeps their most common elements with the share of posts
-- that hold each; a search reads them to learn which of its terms are common, and asks posts_search_idx
-- for the rare ones only past its first window: a common term's posting lists are long, and a GIN step
-- advances every list of its condition at each candidate. Statistics only: no index is rebuilt.
CREATE STATISTICS IF NOT EXISTS posts_search_text_trigrams ON (show_trgm(posts_search_text(content, category, city, state, hashtags))) FROM posts;
--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS posts_tags_text_trigrams ON (show_trgm(posts_tags_text(hashtags))) FROM posts;
--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS posts_category_shares ON (lower(category)) FROM posts;
