import { widgets } from '@shared/messages/widgets';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { widgets };

/** The shared widgets' words, from the message catalogue (shared/messages/widgets.ts). */
export const widgetMessages = messages.widgets;
