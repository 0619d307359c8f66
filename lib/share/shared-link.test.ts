import { describe, expect, it } from 'vitest';
import { findLink, sharedLink } from './shared-link';

describe('findLink', () => {
  it.each([
    ['Look at this https://vm.tiktok.com/ZMhKq7Abc/', 'https://vm.tiktok.com/ZMhKq7Abc/'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'https://youtu.be/dQw4w9WgXcQ?si=abc'],
    ['Watch "Launch" on YouTube: https://youtu.be/dQw4w9WgXcQ.', 'https://youtu.be/dQw4w9WgXcQ'],
    ['two links https://x.com/a/status/1, and https://x.com/b/status/2', 'https://x.com/a/status/1'],
    ['(see https://www.instagram.com/p/DBxQmT3sYk2/)', 'https://www.instagram.com/p/DBxQmT3sYk2/'],
    ['wow!!! https://www.tiktok.com/@a/video/7439?lang=en!!!', 'https://www.tiktok.com/@a/video/7439?lang=en'],
    ['read https://en.wikipedia.org/wiki/Foo_(bar)).', 'https://en.wikipedia.org/wiki/Foo_(bar)'],
    ['«https://example.com/clip.mp4»', 'https://example.com/clip.mp4'],
    ['شاهد هذا https://vm.tiktok.com/ZMabc/، رائع', 'https://vm.tiktok.com/ZMabc/'],
    ['ça vaut le coup : www.youtube.com/watch?v=dQw4w9WgXcQ !', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['HTTP://EXAMPLE.COM/A', 'HTTP://EXAMPLE.COM/A'],
    ['line one\nhttps://fb.watch/abc123/\nline three', 'https://fb.watch/abc123/'],
    ['http://127.0.0.1:3456/video.mp4', 'http://127.0.0.1:3456/video.mp4'],
  ])('%j → %s', (text, link) => {
    expect(findLink(text)).toBe(link);
  });

  it.each([
    ['no link here'],
    ['mail me at me@www.example.com'],
    ['ftp://example.com/file.mp4'],
    ['https:// nothing'],
    ['www. alone'],
    [''],
  ])('%j has no link', (text) => {
    expect(findLink(text)).toBeUndefined();
  });
});

describe('sharedLink', () => {
  it('takes the link from url, then text, then title, as share sheets fill them differently', () => {
    expect(sharedLink({ url: 'https://a.example/1', text: 'https://b.example/2' })).toBe('https://a.example/1');
    expect(sharedLink({ title: 'A clip', text: 'Look at this https://vm.tiktok.com/ZMhKq7Abc/ #fyp' })).toBe('https://vm.tiktok.com/ZMhKq7Abc/');
    expect(sharedLink({ title: 'https://youtu.be/abc123', text: 'no link' })).toBe('https://youtu.be/abc123');
    expect(sharedLink({ url: 'Look at this https://vm.tiktok.com/ZMhKq7Abc/' })).toBe('https://vm.tiktok.com/ZMhKq7Abc/');
  });

  it('leaves a url without any link as it came, so the link box can say what is wrong with it', () => {
    expect(sharedLink({ url: '  not a link  ', text: 'nothing either' })).toBe('not a link');
    expect(sharedLink({ text: 'nothing' })).toBeUndefined();
    expect(sharedLink({})).toBeUndefined();
  });
});
