-- The key is the campaign's id and the number, which sms_messages_campaign_to_unique already keeps unique:
-- one index less to write for every message of a campaign.
ALTER TABLE "sms_messages" DROP CONSTRAINT "sms_messages_idempotency_key_unique";
