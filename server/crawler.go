package server

import (
	"net/http"
	"path"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// DefaultCrawlers are the user-agent tokens of crawlers that are answered
// with snapshots when dynamic rendering is on: search engines, social and
// chat link previews, and AI crawlers and assistants. A user agent matches
// when it contains a token, compared case-insensitively.
var DefaultCrawlers = []string{
	// Search engines.
	"Googlebot", "Google-InspectionTool", "Storebot-Google", "AdsBot-Google",
	"Bingbot", "BingPreview", "msnbot", "DuckDuckBot", "DuckAssistBot",
	"Baiduspider", "YandexBot", "YandexRenderResourcesBot", "Applebot",
	"Slurp", "Sogou", "Exabot", "SeznamBot", "Qwantbot", "Yeti", "Naverbot",
	"PetalBot", "MojeekBot", "coccocbot",
	// Link previews.
	"facebookexternalhit", "Facebot", "meta-externalagent", "Twitterbot",
	"LinkedInBot", "Slackbot", "Slack-ImgProxy", "Discordbot",
	"TelegramBot", "WhatsApp", "redditbot", "Pinterestbot", "SkypeUriPreview",
	"Embedly", "vkShare", "W3C_Validator", "Iframely", "Mastodon",
	// AI crawlers and assistants.
	"GPTBot", "ChatGPT-User", "OAI-SearchBot", "ClaudeBot", "Claude-User",
	"Claude-SearchBot", "anthropic-ai", "PerplexityBot", "Perplexity-User",
	"CCBot", "Bytespider", "Amazonbot", "Google-Extended", "cohere-ai",
	"Diffbot", "YouBot", "MistralAI-User", "Timpibot", "ImagesiftBot",
}

// A crawlerMatcher tells crawler user agents apart.
type crawlerMatcher struct {
	tokens []string // lower case
}

func newCrawlerMatcher(tokens []string) crawlerMatcher {
	m := crawlerMatcher{tokens: make([]string, 0, len(tokens))}
	for _, t := range tokens {
		if t = strings.TrimSpace(t); t != "" {
			m.tokens = append(m.tokens, ascii.Lower(t))
		}
	}
	return m
}

// match reports whether ua contains one of the tokens, ignoring case.
func (m crawlerMatcher) match(ua string) bool {
	if ua == "" || len(m.tokens) == 0 {
		return false
	}
	lower := ascii.Lower(ua)
	for _, t := range m.tokens {
		if strings.Contains(lower, t) {
			return true
		}
	}
	return false
}

// staticExtensions are the extensions of paths that are never pages.
var staticExtensions = map[string]bool{
	".js": true, ".mjs": true, ".cjs": true, ".css": true, ".map": true, ".json": true,
	".xml": true, ".txt": true, ".csv": true, ".rss": true, ".atom": true, ".wasm": true,
	".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".webp": true, ".avif": true,
	".svg": true, ".ico": true, ".bmp": true, ".tif": true, ".tiff": true, ".heic": true,
	".woff": true, ".woff2": true, ".ttf": true, ".otf": true, ".eot": true,
	".mp3": true, ".mp4": true, ".m4a": true, ".m4v": true, ".webm": true, ".ogg": true,
	".ogv": true, ".wav": true, ".flac": true, ".mov": true, ".avi": true, ".mkv": true,
	".pdf": true, ".zip": true, ".gz": true, ".tgz": true, ".bz2": true, ".xz": true,
	".7z": true, ".rar": true, ".tar": true, ".dmg": true, ".exe": true, ".apk": true,
	".doc": true, ".docx": true, ".xls": true, ".xlsx": true, ".ppt": true, ".pptx": true,
	".swf": true, ".flv": true, ".psd": true, ".eps": true, ".iso": true, ".bin": true,
	".webmanifest": true, ".ics": true, ".vcf": true,
}

// isStaticPath reports whether urlPath names a static asset by its extension.
func isStaticPath(urlPath string) bool {
	ext := path.Ext(urlPath)
	if ext == "" {
		return false
	}
	return staticExtensions[ascii.Lower(ext)]
}

// wantsHTML reports whether the request may be for an HTML page: no Accept
// header, or one that admits text/html, application/xhtml+xml or */*.
func wantsHTML(r *http.Request) bool {
	accept := r.Header.Values("Accept")
	if len(accept) == 0 {
		return true
	}
	for _, a := range accept {
		for part := range strings.SplitSeq(a, ",") {
			mt, _, _ := strings.Cut(part, ";")
			switch ascii.Lower(strings.TrimSpace(mt)) {
			case "text/html", "application/xhtml+xml", "*/*", "text/*", "":
				return true
			}
		}
	}
	return false
}

// isCrawlerPageRequest reports whether r is a crawler's request for an HTML
// page that dynamic rendering should answer with a snapshot.
func (m crawlerMatcher) isCrawlerPageRequest(r *http.Request) bool {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	if isStaticPath(r.URL.Path) || !wantsHTML(r) {
		return false
	}
	return m.match(r.Header.Get("User-Agent"))
}
