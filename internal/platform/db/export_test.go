package db

// Prepared is how many statements c holds prepared.
func (c *TxStmts) Prepared() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.stmts)
}
