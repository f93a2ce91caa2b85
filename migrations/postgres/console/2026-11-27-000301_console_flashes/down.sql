DROP TABLE console_flashes;
