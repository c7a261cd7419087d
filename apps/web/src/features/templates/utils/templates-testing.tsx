import type { Template } from '@aaspaas/domain';
import { useLocation } from 'react-router';
import { readPostPrefill } from '@/lib/post-prefill';

/** Test data shaped like GET /api/templates answers. */
let seq = 0;
export function testTemplate(overrides: Partial<Template> = {}): Template {
  seq++;
  return {
    id: `00000000-0000-4000-9000-${String(seq).padStart(12, '0')}`,
    category: 'Festival Offers',
    categoryHi: 'त्योहार के ऑफ़र',
    title: `Template ${seq}`,
    titleHi: null,
    kind: 'offer',
    backgroundUrl: `/media/templates/t${seq}.webp`,
    text: [
      '# Diwali Dhamaka',
      '{offer}',
      '# {discount}',
      'MRP {mrp}  ·  Now {price}',
      'Valid till {validUntil}',
      '{businessName}',
    ].join('\n'),
    textHi: null,
    textColor: '#ffffff',
    textArea: { x: 0.12, y: 0.22, width: 0.76, height: 0.56 },
    defaultContent: 'Happy Diwali from {businessName}!\n{offer}\nMRP {mrp}, our price {price} ({discount}).',
    defaultContentHi: null,
    defaultHashtags: ['diwali', 'shoplocal'],
    sortOrder: seq,
    ...overrides,
  };
}

/** Stands in for the composer in page tests: shows the prefill it was handed. */
export function PrefillProbe({ name }: { name: string }) {
  const location = useLocation();
  return (
    <div>
      <p>{name}</p>
      <pre data-testid="prefill">{JSON.stringify(readPostPrefill(location.state))}</pre>
    </div>
  );
}
