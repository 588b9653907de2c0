package marketplace

import "context"

// What the community room (package internal/marketplace/community:
// reviews, favorites, collections, submissions) uses of the catalog,
// besides WriteTx, Service.Write, Listing and RecordInteraction. The community
// package imports this one, never the reverse; internal/app registers its
// actions into the marketplace resource.

// ListingColumns are the columns ScanListing reads: a listing l joined
// with its category c and (LEFT JOIN) its brand b.
const ListingColumns = fullColumns

// ScanListing reads a row of ListingColumns, then extra.
func ScanListing(row interface{ Scan(...any) error }, extra ...any) (*Listing, error) {
	return scanFull(row, extra...)
}

// LoadListing reads a listing with its creator, as admins see it.
func (s *Service) LoadListing(ctx context.Context, id string) (*Listing, error) {
	return s.loadAdmin(ctx, id)
}

// CreateListingTx validates in as create's data and creates the listing
// inside w, returning its id; the errors are create's.
func (s *Service) CreateListingTx(ctx context.Context, w *WriteTx, in *ListingRequest) (string, error) {
	p, err := in.validate(true)
	if err != nil {
		return "", err
	}
	return s.createTx(ctx, w, p)
}
