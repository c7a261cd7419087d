import type { AdminTemplate, SaveTemplateRequest, TemplateKind } from '@aaspaas/domain';

/** The template form's fields as the admin types them (numbers and lists as text). */
export type Form = {
  categoryId: string;
  title: string;
  kind: TemplateKind;
  backgroundUrl: string;
  text: string;
  textHi: string;
  textColor: string;
  titleHi: string;
  x: string;
  y: string;
  width: string;
  height: string;
  defaultContent: string;
  defaultContentHi: string;
  hashtags: string;
  occasion: string;
  startsOn: string;
  endsOn: string;
  sortOrder: string;
  published: boolean;
};

/** A new template's form. */
export const EMPTY: Form = {
  categoryId: '',
  title: '',
  kind: 'post',
  backgroundUrl: '',
  text: '# {businessName}\n{offer}\n{city}',
  textHi: '',
  textColor: '#ffffff',
  titleHi: '',
  x: '0.08',
  y: '0.1',
  width: '0.84',
  height: '0.5',
  defaultContent: '',
  defaultContentHi: '',
  hashtags: '',
  occasion: '',
  startsOn: '',
  endsOn: '',
  sortOrder: '0',
  published: false,
};

/** The form of a stored template. */
export function formOf(t: AdminTemplate): Form {
  return {
    categoryId: t.categoryId,
    title: t.title,
    titleHi: t.titleHi ?? '',
    kind: t.kind,
    backgroundUrl: t.backgroundUrl,
    text: t.text,
    textHi: t.textHi ?? '',
    textColor: t.textColor,
    x: String(t.textArea.x),
    y: String(t.textArea.y),
    width: String(t.textArea.width),
    height: String(t.textArea.height),
    defaultContent: t.defaultContent,
    defaultContentHi: t.defaultContentHi ?? '',
    hashtags: t.defaultHashtags.join(', '),
    occasion: t.occasion ?? '',
    startsOn: t.startsOn ?? '',
    endsOn: t.endsOn ?? '',
    sortOrder: String(t.sortOrder),
    published: t.published,
  };
}

const area = (f: Form) => ({ x: Number(f.x), y: Number(f.y), width: Number(f.width), height: Number(f.height) });

/** What the form saves: its text made numbers, lists and nulls as the API takes them. */
export function requestOf(f: Form): SaveTemplateRequest {
  return {
    categoryId: f.categoryId,
    title: f.title,
    titleHi: f.titleHi,
    kind: f.kind,
    backgroundUrl: f.backgroundUrl,
    text: f.text,
    textHi: f.textHi,
    textColor: f.textColor,
    textArea: area(f),
    defaultContent: f.defaultContent,
    defaultContentHi: f.defaultContentHi,
    defaultHashtags: f.hashtags
      .split(',')
      .map((h) => h.trim().replace(/^#/, ''))
      .filter(Boolean),
    sortOrder: Number(f.sortOrder) || 0,
    published: f.published,
    occasion: f.occasion || null,
    startsOn: f.startsOn || null,
    endsOn: f.endsOn || null,
  };
}
