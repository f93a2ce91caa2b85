package webhookverify

import (
	"sync"
	"time"
)

// DedupeMargin is kept on top of the retry schedule: attempts queue when the sender is busy,
// and clocks differ.
const DedupeMargin = time.Hour

// RetrySchedule is a service's default retry schedule.
type RetrySchedule struct {
	Delays         []time.Duration
	JitterPercent  int64
	AttemptTimeout time.Duration
}

// The services' default schedules.
var (
	WorkflowRetry = RetrySchedule{[]time.Duration{time.Minute, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour}, 0, 10 * time.Second}
	CampaignRetry = RetrySchedule{[]time.Duration{30 * time.Second, 90 * time.Second, 270 * time.Second, 810 * time.Second,
		2430 * time.Second, 7290 * time.Second, 6 * time.Hour}, 10, 10 * time.Second}
)

// DedupeWindow covers every delay at its longest jitter and every failed attempt at its
// timeout, plus DedupeMargin.
func (s RetrySchedule) DedupeWindow() time.Duration {
	var total time.Duration
	for _, d := range s.Delays {
		secs := int64(d/time.Second) * (100 + s.JitterPercent) / 100
		total += time.Duration(secs)*time.Second + s.AttemptTimeout
	}
	return total + DedupeMargin
}

// DefaultWindow is the dedupe window for the default schedule of f's service.
func DefaultWindow(f Format) time.Duration {
	if f.Service == "workflow" {
		return WorkflowRetry.DedupeWindow()
	}
	return CampaignRetry.DedupeWindow()
}

// DedupeStore remembers ids: InsertIfNew records id until expiresAt unless it is recorded and
// unexpired at now, and says whether it recorded it; it must be atomic (a shared store: a
// database's unique key, Redis SET NX).
type DedupeStore interface {
	InsertIfNew(id string, now, expiresAt time.Time) bool
	Remove(id string)
}

// MemoryStore keeps ids in this process's memory; expired ones are swept as it grows.
type MemoryStore struct {
	mu      sync.Mutex
	expiry  map[string]time.Time
	sweepAt int
}

// NewMemoryStore is an empty store.
func NewMemoryStore() *MemoryStore {
	return &MemoryStore{expiry: map[string]time.Time{}, sweepAt: 1024}
}

// Len is how many ids are held.
func (m *MemoryStore) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.expiry)
}

func (m *MemoryStore) InsertIfNew(id string, now, expiresAt time.Time) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if t, ok := m.expiry[id]; ok && t.After(now) {
		return false
	}
	if len(m.expiry) >= m.sweepAt {
		for k, t := range m.expiry {
			if !t.After(now) {
				delete(m.expiry, k)
			}
		}
		if m.sweepAt = 2 * len(m.expiry); m.sweepAt < 1024 {
			m.sweepAt = 1024
		}
	}
	m.expiry[id] = expiresAt
	return true
}

func (m *MemoryStore) Remove(id string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.expiry, id)
}

// Deduplicator remembers processed delivery ids. Claim is true the first time within the
// window; call Forget when processing failed so the sender's retry is processed. Claim only
// after Verify: the id header is not signed.
type Deduplicator struct {
	Window time.Duration
	Store  DedupeStore
	Clock  func() time.Time
}

// InMemory deduplicates in memory over the default schedule of f's service.
func InMemory(f Format) *Deduplicator {
	return &Deduplicator{Window: DefaultWindow(f), Store: NewMemoryStore(), Clock: time.Now}
}

func (d *Deduplicator) Claim(id string) bool {
	now := d.Clock()
	return d.Store.InsertIfNew(id, now, now.Add(d.Window))
}

func (d *Deduplicator) Forget(id string) { d.Store.Remove(id) }
