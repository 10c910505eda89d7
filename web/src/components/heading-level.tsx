import { createContext, useContext, type ReactNode } from 'react';

type HeadingVariant = 'h1' | 'h2';

const HeadingLevel = createContext<HeadingVariant>('h1');

/** The variant a screen's own header takes: h1 on its own page, h2 inside another screen (a tab). */
export const useScreenHeadingVariant = (): HeadingVariant => useContext(HeadingLevel);

/**
 * Screens shown inside another screen's tab (a provider's clinics): their headers become h2 under
 * the page's h1, so the page keeps one main heading and its outline reads in order.
 */
export function InnerScreen({ children }: { children: ReactNode }) {
  return <HeadingLevel.Provider value="h2">{children}</HeadingLevel.Provider>;
}
