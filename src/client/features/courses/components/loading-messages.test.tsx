import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FADE_MS, LOADING_MESSAGES, MESSAGE_INTERVAL_MS, RotatingLoadingMessages } from './loading-messages';

describe('RotatingLoadingMessages', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('cycles through twelve messages every 2.5 s with a 0.3 s fade', () => {
    expect(LOADING_MESSAGES).toHaveLength(12);
    expect(MESSAGE_INTERVAL_MS).toBe(2500);
    expect(FADE_MS).toBe(300);
    render(<RotatingLoadingMessages />);
    const message = screen.getByTestId('loading-message');
    expect(message.textContent).toBe(LOADING_MESSAGES[0]!);
    expect(message.style.opacity).toBe('1');

    act(() => vi.advanceTimersByTime(MESSAGE_INTERVAL_MS));
    expect(message.style.opacity).toBe('0');
    expect(message.textContent).toBe(LOADING_MESSAGES[0]!);
    act(() => vi.advanceTimersByTime(FADE_MS));
    expect(message.style.opacity).toBe('1');
    expect(message.textContent).toBe(LOADING_MESSAGES[1]!);

    act(() => vi.advanceTimersByTime(MESSAGE_INTERVAL_MS * 11));
    expect(message.textContent).toBe(LOADING_MESSAGES[0]!);
  });
});
