import { readStorage, writeStorage } from '@/lib/storage';

/** The owner's switch for speaking redeemed claims aloud (docs/product.md §3, Claims): off unless turned on. */
const SPEECH_KEY = 'aaspaas_speak_claims';

export function speechAvailable(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window;
}

export function speechEnabled(): boolean {
  return readStorage(SPEECH_KEY) === '1';
}

export function setSpeechEnabled(on: boolean): void {
  writeStorage(SPEECH_KEY, on ? '1' : '0');
}

/** Says `text` with the phone's own voice in the app's language, when the owner turned it on. */
export function speak(text: string, language: string): void {
  if (!speechAvailable() || !speechEnabled()) return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = language === 'hi' ? 'hi-IN' : 'en-IN';
  window.speechSynthesis.speak(utterance);
}
