import { widgets } from '@shared/messages/widgets';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { widgets };

/** The shared widgets' words, from the one message catalogue (shared/messages.ts). */
export const widgetMessages = messages.widgets;
