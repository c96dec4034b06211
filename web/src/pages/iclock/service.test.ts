import { describe, expect, it } from 'vitest';
import { serverAddress } from './service';

describe('serverAddress', () => {
  it('names the port the console is served on, or the scheme default', () => {
    expect(serverAddress({ hostname: 'wg.example.cn', port: '8080', protocol: 'http:' })).toEqual({ host: 'wg.example.cn', port: '8080' });
    expect(serverAddress({ hostname: 'wg.example.cn', port: '', protocol: 'https:' })).toEqual({ host: 'wg.example.cn', port: '443' });
    expect(serverAddress({ hostname: '10.0.0.5', port: '', protocol: 'http:' })).toEqual({ host: '10.0.0.5', port: '80' });
  });
});
