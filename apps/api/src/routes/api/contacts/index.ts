import {
  CONTACT_MESSAGES,
  CONTACT_IMPORTS_PER_HOUR,
  CONTACTS_IMPORT_MAX_ROWS,
  CONTACTS_MAX_PER_BUSINESS,
  ContactBulkDeleteResponseSchema,
  ContactBulkDeleteSchema,
  ContactDuplicateSchema,
  ContactImportRequestSchema,
  ContactImportResultSchema,
  ContactInputSchema,
  ContactListQuerySchema,
  ContactListSchema,
  ContactParamsSchema,
  ContactSchema,
  ErrorResponseSchema,
} from '@aaspaas/domain';
import type { FastifyError, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#src/lib/app-error';
import { sendCsv } from '#src/lib/csv';
import { errorHandler } from '#src/lib/error-handler';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';
import { toContact } from '#src/plugins/app/contacts/contact-row';
import { contactsCsv } from '#src/plugins/app/contacts/contacts-csv';
import type { ContactWrite } from '#src/plugins/app/contacts/contacts-repository';

/** Room for CONTACTS_IMPORT_MAX_ROWS parsed rows of ~800 bytes of JSON each (a typical row is ~150). */
const IMPORT_BODY_LIMIT = CONTACTS_IMPORT_MAX_ROWS * 800;

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema };
const byIdErrors = { ...errors, 404: ErrorResponseSchema };
const notFound = () => AppError.notFound(CONTACT_MESSAGES.notFound);

const ID_RULE =
  "A malformed id answers 400 'Invalid contact ID' (docs/product.md §5); an id that is not one of the caller's " +
  "contacts — missing or another business's — answers 404 'Contact not found', the same either way.";

/** 409 names the existing contact so the form can offer to open it; 404 when the contact is not the caller's. */
function answerWrite(reply: FastifyReply, write: ContactWrite, status: 200 | 201) {
  if ('duplicateOf' in write) {
    return reply.code(409).send({ message: CONTACT_MESSAGES.duplicate, field: 'mobileNumber', existingId: write.duplicateOf });
  }
  if ('notFound' in write) throw notFound();
  return reply.code(status).send(toContact(write.contact));
}

/** The signed-in business's customer list. No route takes a business id: a business only reaches its own rows. */
const contactsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  // The app answers a malformed path id like a missing one (404). For contacts the spec names the
  // malformed id as a validation error ('Invalid contact ID'), so here it is a 400; it reveals
  // nothing, as every business's ids are random UUIDs.
  fastify.setErrorHandler<FastifyError>((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') {
      return reply.code(400).send({ message: CONTACT_MESSAGES.invalidId });
    }
    return errorHandler(error, request, reply);
  });

  const repo = fastify.contactsRepository;

  fastify.get(
    '/',
    {
      config: { access: 'business' },
      schema: {
        tags: ['contacts'],
        summary: 'My contacts: search by name or number, filter by tag, pages sorted by name',
        description:
          '`q` matches names (case-insensitive, anywhere in the name) and, when it looks like a number, mobile numbers ' +
          '("98200", "+91 98200 12345"). Pass `nextCursor` back as `cursor` for the next page. `total` counts every ' +
          'match; `tags` lists every tag the business uses.',
        querystring: ContactListQuerySchema,
        response: { 200: ContactListSchema, ...errors },
      },
    },
    async (request) => repo.list(currentUser(request).id, request.query),
  );

  fastify.post(
    '/',
    {
      config: { access: 'business' },
      schema: {
        tags: ['contacts'],
        summary: 'Add a contact by hand',
        description:
          'The number is stored in its 10-digit form. `consent: true` records now and `consentChannel` ' +
          "(default 'in_person'). A number already on the list answers 409 with the existing contact's id; a full list " +
          `(${CONTACTS_MAX_PER_BUSINESS.toLocaleString('en-IN')} contacts) answers 409 with a message only.`,
        body: ContactInputSchema,
        response: { 201: ContactSchema, 409: z.union([ContactDuplicateSchema, ErrorResponseSchema]), ...errors },
      },
    },
    async (request, reply) => answerWrite(reply, await repo.create(currentUser(request).id, request.body), 201),
  );

  fastify.post(
    '/delete',
    {
      config: { access: 'business' },
      schema: {
        tags: ['contacts'],
        summary: 'Delete several contacts at once',
        description: "Only the caller's contacts are deleted; other ids are ignored. Answers how many were deleted.",
        body: ContactBulkDeleteSchema,
        response: { 200: ContactBulkDeleteResponseSchema, ...errors },
      },
    },
    async (request) => ({ deleted: await repo.removeMany(currentUser(request).id, request.body.ids) }),
  );

  fastify.post(
    '/import',
    {
      config: { access: 'business' },
      bodyLimit: IMPORT_BODY_LIMIT,
      preHandler: fastify.contactImportLimit,
      schema: {
        tags: ['contacts'],
        summary: 'Import the rows of a CSV or vCard file',
        description:
          'Each row is validated like a hand-added contact. Rows with errors, numbers repeated in the file and numbers ' +
          'already on the list are skipped, counted and listed with 1-based row numbers and a reason; the rest are added ' +
          "together (all or none). `consent: true` records consent now with channel 'import'. An import that would " +
          `take the list past ${CONTACTS_MAX_PER_BUSINESS.toLocaleString('en-IN')} contacts answers 409 and adds nothing; ` +
          `a business may import ${CONTACT_IMPORTS_PER_HOUR} files an hour (then 429).`,
        body: ContactImportRequestSchema,
        response: {
          200: ContactImportResultSchema,
          409: ErrorResponseSchema,
          413: ErrorResponseSchema,
          429: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => repo.import(currentUser(request).id, request.body.rows, request.body.consent),
  );

  fastify.get(
    '/export.csv',
    {
      config: { access: 'business' },
      schema: {
        tags: ['contacts'],
        summary: 'Download my contacts as CSV',
        description:
          'Columns name, mobile, email, tags, birthday, anniversary, notes, source, consent_at, opted_out (UTF-8 with a ' +
          "byte-order mark, CRLF lines; tags separated by '; '). Cells that a spreadsheet would run as a formula start " +
          'with an apostrophe.',
        response: errors,
      },
    },
    async (request, reply) => sendCsv(reply, contactsCsv(await repo.all(currentUser(request).id)), 'contacts.csv'),
  );

  fastify.get(
    '/:id',
    {
      config: { access: 'business' },
      schema: {
        tags: ['contacts'],
        summary: 'One of my contacts',
        description: ID_RULE,
        params: ContactParamsSchema,
        response: { 200: ContactSchema, ...byIdErrors },
      },
    },
    async (request) => {
      const row = await repo.byId(currentUser(request).id, request.params.id);
      if (!row) throw notFound();
      return toContact(row);
    },
  );

  fastify.put(
    '/:id',
    {
      config: { access: 'business' },
      schema: {
        tags: ['contacts'],
        summary: 'Edit one of my contacts (the whole form)',
        description:
          `${ID_RULE} Absent optional fields are cleared. \`consent: true\` records now when there was no consent ` +
          '(an existing consent keeps its date and channel), `consent: false` clears it; `optedOut` sets or clears the ' +
          'opt-out and its date; when these two are absent they stay as they are. Another contact with the number answers 409.',
        params: ContactParamsSchema,
        body: ContactInputSchema,
        response: { 200: ContactSchema, 409: ContactDuplicateSchema, ...byIdErrors },
      },
    },
    async (request, reply) =>
      answerWrite(reply, await repo.update(currentUser(request).id, request.params.id, request.body), 200),
  );

  fastify.delete(
    '/:id',
    {
      config: { access: 'business' },
      schema: {
        tags: ['contacts'],
        summary: 'Delete one of my contacts',
        description: ID_RULE,
        params: ContactParamsSchema,
        response: { 204: z.null(), ...byIdErrors },
      },
    },
    async (request, reply) => {
      if (!(await repo.remove(currentUser(request).id, request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  );
};
export default contactsRoutes;
