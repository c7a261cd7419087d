/**
 * zod's own messages ('Too small: expected string to have >=1 characters'), as opposed to the
 * contracts' whole sentences. The API puts the field's path before them (they make no sense alone);
 * the web shows them as a plain "not valid" in languages other than English (ADR 019).
 */
export const ZOD_DEFAULT_MESSAGE =
  /^(Invalid (input|option|string|number|key|value|discriminator|email address|UUID|GUID|URL|ISO|date|time|datetime|duration|base64|JWT|emoji|nanoid|cuid|ulid|xid|ksuid|IPv|CIDR|E\.164|hex|hostname)|Too (big|small)|Unrecognized key)/;
