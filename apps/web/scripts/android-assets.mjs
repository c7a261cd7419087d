/**
 * `npm run android:assets`: the Android app's launcher icons and splash screens, drawn from the brand
 * icon (public/favicon.svg) at every size the generated project has (each PNG under android/…/res is
 * redrawn at its own size). Uses sharp (the API's image library), offline. Run after changing the brand.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const webDir = path.resolve(import.meta.dirname, '..');
const resDir = path.join(webDir, 'android/app/src/main/res');
const BRAND = '#c2410c';
const SPLASH_BACKGROUND = '#fffaf5';

const brandSvg = await readFile(path.join(webDir, 'public/favicon.svg'), 'utf8');
// The pin alone, on nothing: an adaptive icon's foreground (the launcher draws the background and the mask).
const pinSvg = brandSvg.replace(/<rect[^>]*\/>/, '');

const render = (svg, size) =>
  sharp(Buffer.from(svg), { density: 72 * (size / 64) })
    .resize(size, size)
    .png()
    .toBuffer();

async function launcherIcon(size, round) {
  const icon = await render(brandSvg, size);
  if (!round) return icon;
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}"/></svg>`,
  );
  // The square icon's colour fills the circle's corners before the mask cuts them.
  const filled = await sharp({ create: { width: size, height: size, channels: 4, background: BRAND } })
    .composite([{ input: icon }])
    .png()
    .toBuffer();
  return sharp(filled)
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer();
}

async function foreground(size) {
  // The launcher shows the middle 66/108 of the foreground: the pin stays inside it.
  const pin = await render(pinSvg, Math.round(size * 0.6));
  return sharp({ create: { width: size, height: size, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: pin, gravity: 'centre' }])
    .png()
    .toBuffer();
}

async function splash(width, height) {
  const icon = await render(brandSvg, Math.round(Math.min(width, height) * 0.3));
  return sharp({ create: { width, height, channels: 3, background: SPLASH_BACKGROUND } })
    .composite([{ input: icon, gravity: 'centre' }])
    .png()
    .toBuffer();
}

let count = 0;
for (const folder of await readdir(resDir)) {
  for (const file of await readdir(path.join(resDir, folder))) {
    if (!file.endsWith('.png')) continue;
    const target = path.join(resDir, folder, file);
    const { width = 0, height = 0 } = await sharp(target).metadata();
    let image;
    if (file === 'ic_launcher.png') image = await launcherIcon(width, false);
    else if (file === 'ic_launcher_round.png') image = await launcherIcon(width, true);
    else if (file === 'ic_launcher_foreground.png') image = await foreground(width);
    else if (file === 'splash.png') image = await splash(width, height);
    else continue;
    await writeFile(target, image);
    count += 1;
  }
}
const background = path.join(resDir, 'values/ic_launcher_background.xml');
const xml = await readFile(background, 'utf8');
await writeFile(background, xml.replace(/#[0-9A-Fa-f]{6}/, BRAND.toUpperCase()));
console.log(`Android icons and splash screens: ${count} images drawn from public/favicon.svg`);
