import { describe, expect, it } from 'vitest';
import { formatFileSize, formatPercent } from './format';

describe('grading formats', () => {
  it('shows file sizes in B, KB or MB', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2.0 KB');
    expect(formatFileSize(3.5 * 1024 * 1024)).toBe('3.5 MB');
  });
  it('shows percents to one decimal', () => {
    expect(formatPercent(66.666)).toBe('66.7%');
    expect(formatPercent(100)).toBe('100.0%');
  });
});
