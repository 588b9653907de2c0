package app

// SearchSnapshotFile is the search snapshot's file for a configured value.
var SearchSnapshotFile = searchSnapshot
