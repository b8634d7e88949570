// Hashtags and channels: the rule-based features every classified post gets.
import { channelOf, hashtagsOf } from '../../src/content/post-features';

describe('hashtagsOf', () => {
  it('when the text has hashtags, then they are lowercase, without #, distinct, in order', () => {
    expect(hashtagsOf('#DeFi summer on #base, #defi again #Web3.')).toEqual(['defi', 'base', 'web3']);
  });

  it('when the author set tags, then they follow the text\'s hashtags, cleaned and deduplicated', () => {
    expect(hashtagsOf('gm #art', ['Music', '#NFT', 'art', '  ', ' Zora '])).toEqual(['art', 'music', 'nft', 'zora']);
    expect(hashtagsOf('no tags here')).toEqual([]);
    expect(hashtagsOf('', ['defi'])).toEqual(['defi']);
  });

  it('when a # does not start a word of 2+ characters beginning with a letter, then it is no hashtag', () => {
    expect(hashtagsOf('#1 #42nd #a # alone')).toEqual([]);
    expect(hashtagsOf('C#x and&#39;s and ##double')).toEqual([]);
  });

  it('when a # is a URL fragment, then it is no hashtag', () => {
    expect(hashtagsOf('https://example.com/#section https://example.com/page#frag')).toEqual([]);
  });

  it('when a hashtag is longer than 50 characters, then it is no hashtag (never truncated, as cashtags)', () => {
    expect(hashtagsOf(`#${'a'.repeat(50)} #${'b'.repeat(51)}`)).toEqual(['a'.repeat(50)]);
  });

  it('when the hashtag has letters of any script, digits or underscores, then they are kept', () => {
    expect(hashtagsOf('#café #東京 #build_in_public #web3!')).toEqual(['café', '東京', 'build_in_public', 'web3']);
  });
});

describe('channelOf', () => {
  it('when the parent URL is a Warpcast channel URL, then the channel is its lowercase name', () => {
    expect(channelOf('https://warpcast.com/~/channel/base')).toBe('base');
    expect(channelOf('https://warpcast.com/~/channel/Base')).toBe('base');
    expect(channelOf('https://www.warpcast.com/~/channel/memes/')).toBe('memes');
    expect(channelOf('https://warpcast.com/~/channel/base?tab=top')).toBe('base');
    expect(channelOf('http://warpcast.com/~/channel/zora#x')).toBe('zora');
    expect(channelOf('HTTPS://WARPCAST.COM/~/CHANNEL/Zora')).toBe('zora');
    expect(channelOf('  https://warpcast.com/~/channel/art  ')).toBe('art');
  });

  it('when the channel name is percent-encoded, then it is decoded; malformed encoding is kept as written', () => {
    expect(channelOf('https://warpcast.com/~/channel/caf%C3%A9')).toBe('café');
    expect(channelOf('https://warpcast.com/~/channel/%E0%A4%A')).toBe('%e0%a4%a');
  });

  it('when the parent URL is anything else, then it is its own channel, kept whole and lowercased', () => {
    expect(channelOf('chain://eip155:1/erc721:0xABCdef')).toBe('chain://eip155:1/erc721:0xabcdef');
    expect(channelOf('https://Example.com/Some/Page')).toBe('https://example.com/some/page');
    expect(channelOf('https://warpcast.com/dwr')).toBe('https://warpcast.com/dwr');
  });

  it('when there is no parent URL, then there is no channel', () => {
    expect(channelOf(null)).toBeNull();
    expect(channelOf(undefined)).toBeNull();
    expect(channelOf('')).toBeNull();
    expect(channelOf('   ')).toBeNull();
  });
});
