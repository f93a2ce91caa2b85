DROP INDEX webhook_deliveries_dead;
