import { describe, expect, it } from 'vitest';
import { bandLayout, frame, labelEvery, linePath, linear, scales, svgNumber, ticks } from '../../../src/views/chart-scale.ts';

describe('chart scales', () => {
  it('maps a domain onto a range, and a zero-width domain onto its start', () => {
    const x = linear([0, 20], [34, 390]);
    expect(x(0)).toBe(34);
    expect(x(20)).toBe(390);
    expect(x(10)).toBe(212);
    expect(linear([5, 5], [0, 100])(5)).toBe(0);
  });

  it('puts 0 at the bottom of the plot and the top value at its top', () => {
    const f = frame();
    const { x, y } = scales(f, 20, 250);
    expect([x(0), x(20)]).toEqual([f.left, f.right]);
    expect([y(0), y(250)]).toEqual([f.bottom, f.top]);
  });

  it('picks round ticks of 1, 2 or 5 times a power of ten that reach the maximum', () => {
    expect(ticks(205)).toEqual([0, 50, 100, 150, 200, 250]);
    expect(ticks(36, 4)).toEqual([0, 10, 20, 30, 40]);
    expect(ticks(100, 4)).toEqual([0, 50, 100]);
    expect(ticks(9.4)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(ticks(0.8, 4)).toEqual([0, 1]);
    expect(ticks(0)).toEqual([0, 1]);
  });

  it('writes paths with one decimal at most', () => {
    expect(linePath([[0, 0], [10.26, 5.04], [20, -0.01]])).toBe('M0 0 L10.3 5 L20 0');
    expect(linePath([])).toBe('');
    expect(svgNumber(-0.04)).toBe('0');
  });

  it('lays out groups of bars inside the plot, side by side without overlap', () => {
    const f = frame();
    const layout = bandLayout(f, 20, 2);
    expect(layout.x(0, 0)).toBeGreaterThanOrEqual(f.left);
    expect(layout.x(19, 1) + layout.width).toBeLessThanOrEqual(f.right);
    expect(layout.x(0, 1)).toBeCloseTo(layout.x(0, 0) + layout.width, 10);
    expect(layout.x(1, 0)).toBeGreaterThan(layout.x(0, 1) + layout.width);
  });

  it('labels every over up to ten, then every 2nd, 5th or 10th', () => {
    expect(labelEvery(10, 10)).toBe(1);
    expect(labelEvery(20, 10)).toBe(2);
    expect(labelEvery(50, 10)).toBe(5);
    expect(labelEvery(90, 10)).toBe(10);
  });
});
