import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setPaymentMode, usePaymentMode } from '../lib/payment-mode.ts';
import { TestModeSwitch } from './test-mode-switch.tsx';

function ShownMode() {
  return <output data-testid="mode">{usePaymentMode()}</output>;
}

afterEach(() => act(() => setPaymentMode('test')));

describe('the Test mode switch', () => {
  it('starts in test mode and flips every page that reads the mode, remembering the choice', () => {
    render(
      <>
        <TestModeSwitch />
        <ShownMode />
      </>,
    );
    const toggle = screen.getByTestId('test-mode-switch') as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(screen.getByTestId('mode').textContent).toBe('test');
    fireEvent.click(toggle);
    expect(screen.getByTestId('mode').textContent).toBe('live');
    expect(window.localStorage.getItem('kassa.paymentMode')).toBe('live');
    fireEvent.click(toggle);
    expect(screen.getByTestId('mode').textContent).toBe('test');
  });
});
