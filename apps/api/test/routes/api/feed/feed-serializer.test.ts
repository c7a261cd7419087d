import { ErrorResponseSchema, type Post, PostListSchema } from '@aaspaas/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializerCompiler, serializationSchema } from '#src/lib/compiled-serializer';

const compile = (schema: z.ZodType) => compiledSerializerCompiler({ schema, method: 'GET', url: '/api/feed', httpStatus: '200' });

const post: Post = {
  id: '7f7e5519-1067-4913-9178-987931b665eb',
  userId: 'fbed6a3d-81ec-4606-b634-d9c6dc84e71b',
  businessName: 'Sharma "Kirana" \\ Store',
  authorName: 'सुनील शर्मा',
  profileImageUrl: null,
  category: 'Grocery',
  city: 'Mumbai',
  state: null,
  country: 'India',
  content: 'Diwali dhamaka 🎉\nline two\ttab \u0001 control, \u2028 separator, lone \ud800 surrogate </script>',
  hashtags: ['diwali', 'ऑफ़र'],
  images: ['/media/a.webp', '/media/b.webp'],
  mrpPaise: 120000,
  ourPricePaise: null,
  homeDelivery: false,
  businessPhone: null,
  createdAt: '2026-11-23T15:52:13.113Z',
  likesCount: 0,
  viewsCount: 12,
  commentsCount: 0,
  sharesCount: 3,
  whatsappCount: 1,
};

describe('the feed serializer compiled from the Post contract', () => {
  it('writes the same bytes as zod + JSON.stringify, whichever optional fields are present', () => {
    const write = compile(PostListSchema);
    const pages: Post[][] = [
      [],
      [post],
      [
        { ...post, distanceKm: 3.5, likedByMe: true },
        { ...post, id: 'b', distanceKm: 0, likedByMe: false, homeDelivery: null, mrpPaise: null, ourPricePaise: 99 },
        { ...post, id: 'c', profileImageUrl: '/media/p.webp', state: 'Maharashtra', hashtags: [], images: [] },
      ],
    ];
    for (const page of pages) expect(write(page)).toBe(JSON.stringify(z.encode(PostListSchema, page)));
  });

  it('writes only the contract’s fields: nothing else an object carries leaks', () => {
    const write = compile(PostListSchema);
    const withExtras = { ...post, passwordHash: 'secret', user_id: 'x', expiresAt: null };
    const parsed = JSON.parse(write([withExtras])) as Record<string, unknown>[];
    expect(Object.keys(parsed[0] ?? {})).toEqual(Object.keys(post));
  });

  it('refuses an answer that lacks a required field, as zod does', () => {
    const write = compile(PostListSchema);
    const { businessName: _, ...missing } = post;
    expect(() => write([missing])).toThrow(/businessName/);
  });

  it('writes nullable numbers as a type list, not a union validated per value', () => {
    const schema = serializationSchema(PostListSchema) as { definitions: { Post: { properties: Record<string, unknown> } } };
    expect(schema.definitions.Post.properties.mrpPaise).toEqual({ type: ['integer', 'null'] });
  });

  it('writes the error answer of the route too', () => {
    expect(compile(ErrorResponseSchema)({ message: 'lat must be a number' })).toBe('{"message":"lat must be a number"}');
  });
});
