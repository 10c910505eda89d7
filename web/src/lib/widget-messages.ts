import { messages } from '@shared/messages';

/** The shared widgets' words, from the one message catalogue (shared/messages.ts). */
export const widgetMessages = messages.widgets;
