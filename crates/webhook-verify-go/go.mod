module webhookverify

go 1.19
