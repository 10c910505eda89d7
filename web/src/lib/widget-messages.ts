import { widgets } from '@shared/messages/widgets';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { widgets };

/** The shared widgets' words, from the message catalogue (shared/messages/widgets.ts). */
export const widgetMessages = messages.widgets;

/**
 * Cloudscape's tabs' own words: the names of the buttons that scroll a row of tabs too wide for
 * the screen, which otherwise have none (WCAG 4.1.2). Read when drawn, in the page's language.
 */
export const tabsStrings = () => ({ scrollLeftAriaLabel: widgetMessages.tabs.scrollLeft, scrollRightAriaLabel: widgetMessages.tabs.scrollRight });
