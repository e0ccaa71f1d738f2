import { afterEach, describe, expect, it } from 'vitest';
import { dataSaver } from './data-saver.ts';

afterEach(() => {
  localStorage.clear();
  dataSaver.reset();
});

const answer = (headers: Record<string, string>) => ({ headers: new Headers(headers) });

describe('data saver', () => {
  it('is off until the browser asks to save data, which the server tells back', () => {
    expect(dataSaver.isOn()).toBe(false);
    dataSaver.noteAnswer(answer({}));
    expect(dataSaver.isOn()).toBe(false);
    dataSaver.noteAnswer(answer({ 'x-save-data': 'on' }));
    expect(dataSaver.isOn()).toBe(true);
    expect(dataSaver.browserAsked()).toBe(true);
  });

  it('remembers the server’s word for the next page load, until the browser stops asking', () => {
    dataSaver.noteAnswer(answer({ 'x-save-data': 'on' }));
    dataSaver.reset();
    expect(dataSaver.isOn()).toBe(true);
    dataSaver.noteAnswer(answer({}));
    expect(dataSaver.isOn()).toBe(false);
    dataSaver.reset();
    expect(dataSaver.isOn()).toBe(false);
  });

  it('follows the member’s choice on this device, over the browser’s, and keeps it', () => {
    dataSaver.noteAnswer(answer({ 'x-save-data': 'on' }));
    dataSaver.choose(false);
    expect(dataSaver.isOn()).toBe(false);
    expect(localStorage.getItem('dataSaver')).toBe('off');
    dataSaver.reset();
    dataSaver.choose(true);
    expect(dataSaver.isOn()).toBe(true);
    expect(localStorage.getItem('dataSaver')).toBe('on');
  });

  it('tells whoever listens when it changes', () => {
    let heard = 0;
    const stop = dataSaver.subscribe(() => {
      heard += 1;
    });
    dataSaver.choose(true);
    dataSaver.noteAnswer(answer({ 'x-save-data': 'on' }));
    stop();
    dataSaver.choose(false);
    expect(heard).toBe(2);
  });
});
