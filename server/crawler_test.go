package server

import (
	"net/http/httptest"
	"testing"
)

func TestCrawlerDetection(t *testing.T) {
	m := newCrawlerMatcher(DefaultCrawlers)
	tests := []struct {
		ua   string
		want bool
	}{
		{"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", true},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/141.0.0.0 Safari/537.36", true},
		{"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", true},
		{"DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)", true},
		{"Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)", true},
		{"Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)", true},
		{"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)", true},
		{"facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", true},
		{"Twitterbot/1.0", true},
		{"LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)", true},
		{"Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", true},
		{"Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)", true},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot", true},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot", true},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot", true},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)", true},
		{"Claude-User/1.0", true},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)", true},
		{"CCBot/2.0 (https://commoncrawl.org/faq/)", true},
		{"Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)", true},
		{"Mozilla/5.0 (compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot)", true},
		{"Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0", false},
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36", false},
		{"Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1", false},
		{"curl/8.5.0", false},
		{"", false},
	}
	for _, tc := range tests {
		if got := m.match(tc.ua); got != tc.want {
			t.Errorf("match(%q) = %v, want %v", tc.ua, got, tc.want)
		}
	}
	if newCrawlerMatcher([]string{" MyBot ", ""}).match("Mozilla/5.0 mybot/1") != true {
		t.Errorf("custom list not honoured")
	}
}

func TestCrawlerPageRequest(t *testing.T) {
	m := newCrawlerMatcher(DefaultCrawlers)
	const bot = "Googlebot/2.1"
	tests := []struct {
		method, target, accept string
		want                   bool
	}{
		{"GET", "/", "", true},
		{"HEAD", "/products/1", "text/html,application/xhtml+xml,*/*;q=0.8", true},
		{"GET", "/index.html", "", true},
		{"GET", "/page.php?x=1", "", true},
		{"GET", "/v1.2/docs", "", true},
		{"POST", "/", "", false},
		{"GET", "/static/app.js", "", false},
		{"GET", "/style.CSS", "", false},
		{"GET", "/img/a.webp", "", false},
		{"GET", "/font.woff2", "", false},
		{"GET", "/feed.xml", "", false},
		{"GET", "/api/items", "application/json", false},
	}
	for _, tc := range tests {
		r := httptest.NewRequest(tc.method, tc.target, nil)
		r.Header.Set("User-Agent", bot)
		if tc.accept != "" {
			r.Header.Set("Accept", tc.accept)
		}
		if got := m.isCrawlerPageRequest(r); got != tc.want {
			t.Errorf("%s %s (Accept %q) = %v, want %v", tc.method, tc.target, tc.accept, got, tc.want)
		}
	}
}
