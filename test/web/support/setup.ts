import { configure } from '@testing-library/react';

/**
 * A screen is a lazy chunk: its first import in a test compiles it, which takes more than
 * testing-library's default second on a loaded machine (seen in CI-like runs with other tests
 * beside). waitFor and findBy* wait up to five seconds; a check of what must not appear is unaffected.
 */
configure({ asyncUtilTimeout: 5000 });
