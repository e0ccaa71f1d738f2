// DOM matchers (toBeVisible, toHaveTextContent, toHaveFocus...): a test asserts what a member sees.
import '@testing-library/jest-dom/vitest';
