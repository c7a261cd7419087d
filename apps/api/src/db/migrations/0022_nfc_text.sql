-- Text is written in Unicode NFC from now on (stripInvisibleFormatting in the domain) and search
-- terms are read in it, so '#ताज़ा' typed on one phone finds the tag typed on another. Posts and names
-- saved before may hold another form of the same letters (a nukta letter as one code point, U+095B,
-- where NFC has two, U+091C U+093C): they are rewritten once here. NFC keeps how the text looks.
-- Hashtags were lower-cased when saved; two that NFC makes equal become one, in first-seen order.
UPDATE posts SET
  content = normalize(content, NFC),
  hashtags = ARRAY(
    SELECT tag FROM (
      SELECT normalize(h, NFC) AS tag, min(n) AS first FROM unnest(hashtags) WITH ORDINALITY AS t(h, n) GROUP BY 1
    ) AS tags ORDER BY first
  )
WHERE content IS NOT NFC NORMALIZED OR array_to_string(hashtags, ' ') IS NOT NFC NORMALIZED;
--> statement-breakpoint
-- A text term matches the business's and the author's names too (docs/product.md §5).
UPDATE users SET name = normalize(name, NFC), business_name = normalize(business_name, NFC)
WHERE name IS NOT NFC NORMALIZED OR business_name IS NOT NFC NORMALIZED;
