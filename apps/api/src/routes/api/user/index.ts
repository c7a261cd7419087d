import {
  AppUserSchema,
  AUTH_MESSAGES,
  ErrorResponseSchema,
  PROFILE_MESSAGES,
  ProfileImageRequestSchema,
  UpdateProfileRequestSchema,
  UserStatsSchema,
} from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#src/lib/app-error';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';
import { CACHES } from '#src/plugins/app/cache/invalidation-service';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema };
const gone = () => new AppError('UNAUTHORIZED', AUTH_MESSAGES.authFailed);

/** The signed-in business's own account: there is no user id in any path, so nobody can name another's. */
const userRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/me',
    {
      config: { access: 'business' },
      schema: { tags: ['user'], summary: 'The signed-in user', response: { 200: AppUserSchema, ...errors } },
    },
    async (request) => fastify.usersRepository.toAppUser(currentUser(request)),
  );

  fastify.put(
    '/me',
    {
      config: { access: 'business' },
      schema: {
        tags: ['user'],
        summary: 'Update the business profile (only the fields sent; existing posts keep their place)',
        body: UpdateProfileRequestSchema,
        response: { 200: AppUserSchema, ...errors },
      },
    },
    async (request) => {
      const updated = await fastify.accountsRepository.updateProfile(currentUser(request).id, request.body);
      if (!updated) throw gone();
      return fastify.usersRepository.toAppUser(updated);
    },
  );

  fastify.delete(
    '/me',
    {
      config: { access: 'business' },
      schema: {
        tags: ['user'],
        summary: 'Erase the account with its posts, photos and sessions',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await fastify.accountsRepository.erase(currentUser(request).id);
      // Its posts leave the first screens every process keeps (ADR 046), as a deleted post does.
      await fastify.invalidationService.publish(CACHES.firstScreens);
      // The refresh cookie belongs to a session that no longer exists: drop it from this browser too.
      await fastify.sessionService.end(request, reply);
      return reply.code(204).send(null);
    },
  );

  fastify.get(
    '/stats',
    {
      config: { access: 'business' },
      schema: { tags: ['user'], summary: 'Figures for the /app home', response: { 200: UserStatsSchema, ...errors } },
    },
    async (request) => fastify.accountsRepository.stats(currentUser(request)),
  );

  fastify.post(
    '/profile-image',
    {
      config: { access: 'business' },
      schema: {
        tags: ['user'],
        summary: 'Use one of my uploaded images as the profile image',
        body: ProfileImageRequestSchema,
        response: { 200: AppUserSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // Only a URL our upload endpoint gave this user: never an outside URL, never fetched.
      const upload = await fastify.uploadsService.ownedBy(user.id, request.body.imageUrl.trim());
      if (!upload) throw AppError.badRequest(PROFILE_MESSAGES.imageNotOurs);
      const updated = await fastify.accountsRepository.setProfileImage(user.id, upload.url);
      if (!updated) throw gone();
      return fastify.usersRepository.toAppUser(updated);
    },
  );
};
export default userRoutes;
