import { shell } from '@shared/messages/shell';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { shell };

/**
 * Cloudscape's tabs' own words: the names of the buttons that scroll a row of tabs too wide for
 * the screen, which otherwise have none (WCAG 4.1.2). In the shell's messages, which /login does
 * not load; read when drawn, in the page's language.
 */
export const tabsStrings = () => ({ scrollLeftAriaLabel: messages.shell.tabsScroll.left, scrollRightAriaLabel: messages.shell.tabsScroll.right });
