package identity

import (
	"net"
	"net/url"
	"strings"
)

// redirectTarget returns where a mailed link may send the browser: the
// requested URL when it is allowed, else the site URL (GoTrue's SITE_URL
// fallback). Allowed are URLs on the site URL's scheme and host (any port
// for a loopback host), http(s) URLs on a loopback address (native apps,
// RFC 8252), and URLs under one of RedirectURLs: same scheme and host:port,
// and a path that starts with the listed one.
func (s *Service) redirectTarget(requested string) string {
	if requested != "" && s.redirectAllowed(requested) {
		return requested
	}
	return s.siteURL()
}

func (s *Service) siteURL() string {
	if s.SiteURL != "" {
		return s.SiteURL
	}
	return s.BaseURL
}

func (s *Service) redirectAllowed(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.User != nil {
		return false
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" {
		return false
	}
	if ip := net.ParseIP(u.Hostname()); ip != nil && ip.IsLoopback() {
		return true
	}
	if site, err := url.Parse(s.siteURL()); err == nil && strings.EqualFold(site.Scheme, scheme) &&
		strings.EqualFold(site.Hostname(), u.Hostname()) && (site.Port() == u.Port() || u.Hostname() == "localhost") {
		return true
	}
	for _, allowed := range s.RedirectURLs {
		a, err := url.Parse(allowed)
		if err != nil || a.Host == "" {
			continue
		}
		if strings.EqualFold(a.Scheme, scheme) && strings.EqualFold(a.Host, u.Host) && pathUnder(u.EscapedPath(), a.EscapedPath()) {
			return true
		}
	}
	return false
}

// pathUnder reports whether path is base or below it ("/app" covers "/app"
// and "/app/reset", not "/apples").
func pathUnder(path, base string) bool {
	base = strings.TrimSuffix(base, "/")
	return base == "" || path == base || strings.HasPrefix(path, base+"/")
}
