import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { dataSaver } from '@/lib/data-saver.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { DataSaverSection } from './data-saver-section.tsx';

afterEach(() => dataSaver.reset());

describe('the data saver setting', () => {
  it('is a checkbox kept on this device, off until checked', async () => {
    await renderScreen(<DataSaverSection />);
    const saver = screen.getByRole('checkbox', { name: 'Save data on this device' });
    expect(saver).not.toBeChecked();
    expect(saver).toHaveAccessibleDescription('This setting applies to this device only.');
    await userEvent.click(saver);
    expect(saver).toBeChecked();
    expect(dataSaver.isOn()).toBe(true);
    expect(localStorage.getItem('dataSaver')).toBe('on');
  });

  it('starts checked when the browser asks to save data, says why, in French, and can be turned off', async () => {
    dataSaver.noteAnswer({ headers: new Headers({ 'x-save-data': 'on' }) });
    await renderScreen(<DataSaverSection />, { language: 'fr' });
    const saver = screen.getByRole('checkbox', { name: 'Économiser les données sur cet appareil' });
    expect(saver).toBeChecked();
    expect(saver).toHaveAccessibleDescription(/activé car votre téléphone ou votre navigateur/);
    await userEvent.click(saver);
    expect(saver).not.toBeChecked();
    expect(dataSaver.isOn()).toBe(false);
  });
});
